import { type Settings, settingsSchema } from '@especifica/mf-shared/contracts';
import { Form, PointsField, SubmitButton, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { LoadingState, PageLayout, QueryView, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { Box, SimpleGrid, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { getSettings, programmeKeys, saveSettings } from '../api/programme';

/** /cms/programme/settings: points per R$, points' validity, the shopkeepers' share and the customers' window. */
export function ProgrammeSettingsPage() {
  const { t } = useTranslation();
  const query = useApiQuery(programmeKeys.settings, getSettings, { silent: true });
  return (
    <PageLayout title={t('programme.settings.title')} description={t('programme.settings.description')} width="narrow">
      <QueryView query={query} loading={<LoadingState rows={4} />}>
        {(settings) => <SettingsForm settings={settings} />}
      </QueryView>
    </PageLayout>
  );
}

/** The programme's figures, each with the key of its label (its help is the same key with `Help`). */
const figures = [
  ['pointsPerReal', 'pointsPerReal'],
  ['expiryMonths', 'expiryMonths'],
  ['shopkeeperSharePercent', 'share'],
  ['customerWindowDays', 'customerWindow'],
] as const satisfies readonly (readonly [keyof Settings, string])[];

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useApiMutation(saveSettings, {
    invalidates: [programmeKeys.settings],
    success: (answer) => answer.msg,
    silent: true,
  });
  const form = useForm<Settings>({ resolver: zodResolver(settingsSchema), defaultValues: settings });
  return (
    <Form form={form} onSubmit={async (values) => (await save.run(values))[1]}>
      <Box bg="card" p={{ base: '4', md: '6' }} borderRadius="card" boxShadow="sm">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {figures.map(([name, text]) => (
              <PointsField<Settings>
                key={name}
                name={name}
                label={t(`programme.settings.${text}`)}
                helper={t(`programme.settings.${text}Help`)}
              />
            ))}
          </SimpleGrid>
          <Box>
            <SubmitButton>{t('kit.save')}</SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Form>
  );
}
