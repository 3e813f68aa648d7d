import type { TextRange } from '@especifica/mf-shared/contracts';
import { EmptyResult, LoadingState, PageLayout, QueryView, useApiQuery, useDebounced } from '@especifica/mf-shared/kit';
import { useSearchParams } from '@especifica/mf-shared/router';
import { Box, chakra, Field, Heading, Input, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { Fragment, useId } from 'react';
import { faqKey, getFaq } from '../api/faq';

/**
 * /faq: questions by topic, with a search by the stems of its words, in any order, accents and case ignored ("notas
 * reprovadas" finds "Minha nota foi reprovada"), marking what matched.
 */
export function FaqPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('search') ?? '';
  const search = useDebounced(query.trim(), 250);
  const faq = useApiQuery(faqKey(search), () => getFaq(search), { silent: true, keepPrevious: true });
  const searchId = useId();
  return (
    <PageLayout title={t('faq.title')} description={t('faq.description')} width="narrow">
      <Field.Root mb="6">
        <Field.Label htmlFor={searchId}>{t('faq.search')}</Field.Label>
        <Input
          id={searchId}
          type="search"
          value={query}
          placeholder={t('faq.searchPlaceholder')}
          onChange={(event) => setParams(event.target.value ? { search: event.target.value } : {}, { replace: true })}
        />
      </Field.Root>
      <QueryView
        query={faq}
        loading={<LoadingState rows={8} />}
        isEmpty={(data) => data.topics.length === 0 && !search}
        empty={
          <EmptyResult
            title={t('faq.empty')}
            drawing="search"
            next={{ label: t('nextStep.dashboard'), to: '/dashboard' }}
          />
        }
      >
        {({ topics }) => {
          if (topics.length === 0)
            return (
              <EmptyResult
                drawing="search"
                description={t('faq.noMatch')}
                next={{ label: t('nextStep.clearSearch'), onClick: () => setParams({}, { replace: true }) }}
              />
            );
          return (
            <Stack gap="8">
              {topics.map((group) => (
                <Box as="section" key={group.topic} aria-label={group.topic}>
                  <Heading as="h2" fontSize="lg" mb="3">
                    <Marked text={group.topic} ranges={group.topicMarks} />
                  </Heading>
                  <Stack gap="2">
                    {group.items.map((item) => (
                      <chakra.details
                        key={item.id}
                        open={Boolean(search) || undefined}
                        bg="card"
                        borderRadius="card"
                        boxShadow="sm"
                        px="4"
                        py="3"
                        data-testid="faq-item"
                      >
                        <chakra.summary fontWeight="bold" cursor="pointer">
                          <Marked text={item.question} ranges={item.marks?.question} />
                        </chakra.summary>
                        <Text mt="2" whiteSpace="pre-line">
                          <Marked text={item.answer} ranges={item.marks?.answer} />
                        </Text>
                      </chakra.details>
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}

/** The text with each part the search matched in a <mark>. */
function Marked({ text, ranges = [] }: { text: string; ranges?: TextRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    parts.push(<Fragment key={`t${start}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <chakra.mark
        key={`m${start}`}
        colorPalette="quaternary"
        bg="colorPalette.muted"
        color="inherit"
        borderRadius="sm"
        px="0.5"
      >
        {text.slice(start, end)}
      </chakra.mark>,
    );
    at = end;
  }
  parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
