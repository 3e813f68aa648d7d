import {
  type RegulationDraft,
  type RegulationPreview,
  type RegulationVersion,
  regulationDraftSchema,
} from '@especifica/mf-shared/contracts';
import {
  Form,
  SubmitButton,
  TextareaField,
  TextField,
  useConfirm,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import {
  CardSection,
  EmptyResult,
  formatDateTime,
  LoadingState,
  PageLayout,
  QueryView,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Badge, Box, Button, chakra, Heading, HStack, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { getRegulationVersions, previewRegulation, publishRegulation, regulationKey } from '../api/programme';

/**
 * /cms/programme/regulation: write the next version from the current one, see what it changes paragraph by
 * paragraph, publish it (participants accept it at their next login), and read the versions published before.
 */
export function RegulationPage() {
  const { t } = useTranslation();
  const query = useApiQuery(regulationKey, getRegulationVersions, { silent: true });
  return (
    <PageLayout title={t('programme.regulation.title')} description={t('programme.regulation.description')}>
      <QueryView query={query} loading={<LoadingState rows={6} />}>
        {(data) => (
          <Stack gap="8">
            <Draft key={data.items[0]?.version ?? 0} current={data.items[0] ?? null} />
            <Versions versions={data.items} />
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

function Draft({ current }: { current: RegulationVersion | null }) {
  const { t } = useTranslation();
  const next = (current?.version ?? 0) + 1;
  const { confirm, dialog } = useConfirm();
  const [preview, setPreview] = useState<RegulationPreview | null>(null);
  const form = useForm<RegulationDraft>({
    resolver: zodResolver(regulationDraftSchema),
    defaultValues: {
      title: current ? current.title.replace(/\(versão \d+\)/, `(versão ${next})`) : '',
      content: current?.content ?? '',
    },
  });
  const check = useApiMutation(previewRegulation, { silent: true });
  const publish = useApiMutation(publishRegulation, {
    invalidates: [regulationKey],
    success: (answer) => answer.msg,
    silent: true,
  });
  const showChanges = form.handleSubmit(async (draft) => {
    const [answer, error] = await check.run(draft);
    setPreview(answer);
    if (error) form.setError('root', { message: error.msg });
  });
  const submit = async (draft: RegulationDraft) => {
    const yes = await confirm({
      title: t('programme.regulation.confirmTitle', { version: next }),
      description: t('programme.regulation.confirmDescription'),
      confirmLabel: t('programme.regulation.publish', { version: next }),
    });
    if (!yes) return null;
    return (await publish.run(draft))[1];
  };
  return (
    <CardSection title={t('programme.regulation.draftTitle', { version: next })}>
      <Form form={form} onSubmit={submit}>
        <Stack gap="4">
          <TextField<RegulationDraft> name="title" label={t('programme.regulation.titleLabel')} />
          <TextareaField<RegulationDraft>
            name="content"
            label={t('programme.regulation.content')}
            helper={t('programme.regulation.contentHelp')}
            rows={14}
          />
          {form.formState.errors.root?.message && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {form.formState.errors.root.message}
            </Text>
          )}
          <HStack gap="3" flexWrap="wrap">
            <Button variant="outline" onClick={() => void showChanges()} loading={check.isPending}>
              {t('programme.regulation.preview')}
            </Button>
            <SubmitButton>{t('programme.regulation.publish', { version: next })}</SubmitButton>
          </HStack>
        </Stack>
      </Form>
      {preview && <Changes preview={preview} />}
      {dialog}
    </CardSection>
  );
}

const changeStyle = {
  added: { palette: 'success', border: 'success.500' },
  removed: { palette: 'error', border: 'error.500' },
  changed: { palette: 'quaternary', border: 'quaternary.500' },
} as const;

function Changes({ preview }: { preview: RegulationPreview }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="regulation-changes" mt="6" data-testid="regulation-changes">
      <Heading as="h3" id="regulation-changes" fontSize="md" mb="3">
        {preview.current
          ? t('programme.regulation.changesAgainst', { version: preview.current.version })
          : t('programme.regulation.firstVersion')}
      </Heading>
      {preview.changes.length === 0 ? (
        <Text color="muted">{t('programme.regulation.noChanges')}</Text>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {preview.changes.map((change, index) => (
            <Box
              as="li"
              // The order of the changes is their identity: the same paragraph may change twice.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              borderLeftWidth="4px"
              borderColor={changeStyle[change.kind].border}
              pl="3"
            >
              <Badge colorPalette={changeStyle[change.kind].palette} mb="1">
                {t(`programme.regulation.kinds.${change.kind}`)}
              </Badge>
              {change.before && (
                <Text as="del" display="block" color="muted" whiteSpace="pre-wrap">
                  {change.before}
                </Text>
              )}
              {change.after && (
                <Text as="ins" display="block" textDecoration="none" whiteSpace="pre-wrap">
                  {change.after}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Versions({ versions }: { versions: RegulationVersion[] }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="regulation-versions">
      <Heading as="h2" id="regulation-versions" fontSize="lg" mb="4">
        {t('programme.regulation.versions')}
      </Heading>
      {versions.length === 0 ? (
        <EmptyResult title={t('programme.regulation.none')} drawing="invoice" />
      ) : (
        <Stack gap="2">
          {versions.map((version, index) => (
            <chakra.details key={version.version} bg="card" p="4" borderRadius="card" borderWidth="1px">
              <chakra.summary cursor="pointer" fontWeight="bold">
                {t('programme.regulation.versionLine', {
                  version: version.version,
                  title: version.title,
                  date: formatDateTime(version.publishedAt),
                })}
                {index === 0 && (
                  <Badge ms="2" colorPalette="success">
                    {t('programme.regulation.current')}
                  </Badge>
                )}
              </chakra.summary>
              <Text mt="3" whiteSpace="pre-wrap" fontSize="sm">
                {version.content}
              </Text>
            </chakra.details>
          ))}
        </Stack>
      )}
    </Box>
  );
}
