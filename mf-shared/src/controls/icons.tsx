import type { SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height; a number is pixels. */
  size?: number | string;
}

/** The icons of spec 9, drawn on a 24px grid in the current text colour, so they follow the theme. */
function Icon({ paths, size = 20, ...rest }: IconProps & { paths: readonly string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const BELL = ['M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16z', 'M10 21a2 2 0 0 0 4 0'];
const COMMENT = ['M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z'];
const DOWNLOAD = ['M12 4v11', 'm7 10 5 5 5-5', 'M4 20h16'];
const EYE = ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M9 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0'];
const PENCIL = ['M15 4l5 5L9 20H4v-5z', 'm13 6 5 5'];
const PEOPLE = [
  'M5.5 8a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0',
  'M2.5 20a6.5 6.5 0 0 1 13 0',
  'M16 4.6a3.5 3.5 0 0 1 0 6.8',
  'M18 14a6.5 6.5 0 0 1 3.5 6',
];
const TRASH = ['M4 7h16', 'M9 7V4h6v3', 'm6 7 1 13h10l1-13', 'M10 11v6', 'M14 11v6'];
// A sortable column's state: ascending, descending, or not sorted by it (both ways).
const SORT_UP = ['m6 15 6-6 6 6'];
const SORT_DOWN = ['m6 9 6 6 6-6'];
const SORT_BOTH = ['m7 9 5-5 5 5', 'm7 15 5 5 5-5'];

export const BellIcon = (props: IconProps) => <Icon paths={BELL} {...props} />;
export const CommentIcon = (props: IconProps) => <Icon paths={COMMENT} {...props} />;
export const DownloadIcon = (props: IconProps) => <Icon paths={DOWNLOAD} {...props} />;
export const EyeIcon = (props: IconProps) => <Icon paths={EYE} {...props} />;
export const PencilIcon = (props: IconProps) => <Icon paths={PENCIL} {...props} />;
export const PeopleIcon = (props: IconProps) => <Icon paths={PEOPLE} {...props} />;
export const TrashIcon = (props: IconProps) => <Icon paths={TRASH} {...props} />;
export const SortAscendingIcon = (props: IconProps) => <Icon paths={SORT_UP} {...props} />;
export const SortDescendingIcon = (props: IconProps) => <Icon paths={SORT_DOWN} {...props} />;
export const SortableIcon = (props: IconProps) => <Icon paths={SORT_BOTH} {...props} />;
