import { render } from '@testing-library/react';
import {
  BellIcon,
  CommentIcon,
  DownloadIcon,
  EyeIcon,
  PencilIcon,
  PeopleIcon,
  SortAscendingIcon,
  SortableIcon,
  SortDescendingIcon,
  TrashIcon,
} from '../icons';

describe('the icons', () => {
  it.each([
    ['bell', BellIcon],
    ['comment', CommentIcon],
    ['download', DownloadIcon],
    ['eye', EyeIcon],
    ['pencil', PencilIcon],
    ['people', PeopleIcon],
    ['trash', TrashIcon],
    ['sorted ascending', SortAscendingIcon],
    ['sorted descending', SortDescendingIcon],
    ['sortable', SortableIcon],
  ])('draws %s hidden from assistive technology, at the size asked', (_name, Icon) => {
    const { container } = render(<Icon size={24} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '24');
    expect(svg?.querySelectorAll('path').length).toBeGreaterThan(0);
  });
});
