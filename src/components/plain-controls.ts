import classes from './plain-controls.module.css';

/**
 * Class names of the shell's plain controls (plain-controls.module.css): `icon` an icon button as ActionIcon
 * variant="default" size="lg" draws it, `button` a small button (data-variant="subtle" or "filled", data-color="red"),
 * `spinner` a loader. For what renders before any page; pages use Mantine's components.
 */
export const plainControls = classes;
