// The shared controls (spec 2.8, 4, 9), in their own federation entry so that pages without them (e.g. /login)
// do not download them.
export { Avatar, type AvatarProps, avatarInitials, type Palette } from './avatar';
export { CHECKED, Checkbox, type CheckboxProps } from './checkbox';
// The colour mode, whole: the runtime's saved theme and the hook over it (color-mode.ts says what it holds).
export * from './color-mode';
export { ConfirmDialog, type ConfirmDialogProps, type ConfirmOptions, useConfirm } from './confirm-dialog';
export {
  DATE_PICKER_POPUP_ATTRIBUTE,
  Drawer,
  DrawerActions,
  type DrawerProps,
} from './drawer';
export { FieldNotes, requiredMark } from './field-notes';
export {
  BellIcon,
  CommentIcon,
  DownloadIcon,
  EyeIcon,
  type IconProps,
  PencilIcon,
  PeopleIcon,
  SortAscendingIcon,
  SortableIcon,
  SortDescendingIcon,
  TrashIcon,
} from './icons';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch';
export {
  EMBLEM_MATERIALS,
  type EmblemMaterial,
  emblemMaterial,
  LevelEmblem,
  type LevelEmblemProps,
} from './level-emblem';
export { Logo, type LogoProps } from './logo';
export { Menu, MenuGroup, MenuItem, type MenuItemProps, type MenuProps, MenuSeparator } from './menu';
export { ProfileImage } from './profile-image';
export { QrPanel, type QrPanelProps } from './qr-panel';
export {
  type MultiSelectProps,
  Select,
  type SelectOption,
  type SelectProps,
  type SingleSelectProps,
} from './select';
export type { SelectVariant } from './select-styles';
export { ThemeToggle } from './theme-toggle';
