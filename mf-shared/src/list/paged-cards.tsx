import { Flex, Stack, Text } from '@chakra-ui/react';
import type { ApiQuery, Page } from '@especifica/mf-shared/kit';
import { PAGE_SIZES, QueryView } from '@especifica/mf-shared/kit';
import type { ReactNode } from 'react';
import { Pagination } from './pagination';

export interface Paging {
  page: number;
  limit: number;
}
export const firstPage: Paging = { page: 1, limit: PAGE_SIZES[0] };

export interface PagedCardsProps<T> {
  query: ApiQuery<Page<T>>;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  /** What an empty page says. */
  empty: ReactNode;
  /** A line above the cards (a count). */
  summary?: (page: Page<T>) => ReactNode;
  id: (item: T) => string;
  /** One card's content: its text, then its badges and buttons (they wrap under it on narrow screens). */
  children: (item: T) => ReactNode;
  'data-testid'?: string;
}

/** A short list inside a drawer (who has a campaign, who subscribed): one card per item, paged by the server. */
export function PagedCards<T>({
  query,
  paging,
  onPaging,
  empty,
  summary,
  id,
  children,
  'data-testid': testId,
}: PagedCardsProps<T>) {
  return (
    <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty={<Text color="muted">{empty}</Text>}>
      {(data) => (
        <Stack gap="2">
          {summary && (
            <Text fontSize="sm" color="muted">
              {summary(data)}
            </Text>
          )}
          <Stack as="ul" gap="2" listStyleType="none" data-testid={testId}>
            {data.items.map((item) => (
              <Flex
                as="li"
                key={id(item)}
                gap="3"
                align="center"
                wrap="wrap"
                borderWidth="1px"
                borderRadius="card"
                p="3"
              >
                {children(item)}
              </Flex>
            ))}
          </Stack>
          {data.total > PAGE_SIZES[0] && (
            <Pagination
              page={paging.page}
              limit={paging.limit}
              total={data.total}
              onPage={(page) => onPaging({ ...paging, page })}
              onLimit={(limit) => onPaging({ page: 1, limit })}
            />
          )}
        </Stack>
      )}
    </QueryView>
  );
}
