// Mantine's own CSS is prebuilt; the preset lets our CSS modules use its mixins and rem().
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
