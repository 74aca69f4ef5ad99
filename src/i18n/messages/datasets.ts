import { defineMessages } from '../define';

/** The datasets area. Its page's owner adds keys here, always prefixed "datasets.". */
export const datasetsMessages = defineMessages({
  en: {
    'datasets.title': 'Datasets',
    'datasets.comingSoon': 'Dataset pages are coming: open a dataset by id and read its indexing, retrieval and parsing settings, with any difference from the documented shape highlighted.',
    'datasets.requestedId': 'Dataset id: {id}',
  },
  zhCN: {
    'datasets.title': '数据集',
    'datasets.comingSoon': '数据集页面即将推出：按 ID 打开数据集，查看其索引、检索和解析配置，并标出与接口文档不一致之处。',
    'datasets.requestedId': '数据集 ID：{id}',
  },
});
