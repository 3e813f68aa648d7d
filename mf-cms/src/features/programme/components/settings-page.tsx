import { type Settings, settingsSchema } from '@especifica/mf-shared/contracts';
import { Checkbox } from '@especifica/mf-shared/controls';
import {
  DeclaredForm,
  defineForm,
  Form,
  PointsField,
  SubmitButton,
  useController,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import {
  CardSection,
  LoadingState,
  PageLayout,
  QueryView,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Box, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { z } from 'zod/mini';
import { getReviewToday, getSettings, programmeKeys, saveSettings } from '../api/programme';

/**
 * /cms/programme/settings: points per R$, points' validity, the shopkeepers' share and the customers' window; and the
 * automatic review of invoices (docs/invoice-trust.md) with the review deadline and the risk flags' limits.
 */
export function ProgrammeSettingsPage() {
  const { t } = useTranslation();
  const query = useApiQuery(programmeKeys.settings, getSettings, { silent: true });
  return (
    <PageLayout title={t('programme.settings.title')} description={t('programme.settings.description')} width="narrow">
      <QueryView query={query} loading={<LoadingState rows={4} />}>
        {(settings) => (
          <Stack gap="6">
            <SettingsForm settings={settings} />
            <AutomaticReviewForm settings={settings} />
            <RetentionForm settings={settings} />
          </Stack>
        )}
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

const figuresSchema = z.pick(settingsSchema, {
  pointsPerReal: true,
  expiryMonths: true,
  shopkeeperSharePercent: true,
  customerWindowDays: true,
});
type Figures = z.infer<typeof figuresSchema>;

/**
 * Each card sends the settings as last read with its own fields changed: a card saved after the other keeps what the
 * other saved (the read is refreshed by every save).
 */
function useSaveSettings(settings: Settings) {
  const save = useApiMutation(saveSettings, {
    invalidates: [programmeKeys.settings],
    success: (answer) => answer.msg,
    silent: true,
  });
  return async (values: Partial<Settings>) => (await save.run({ ...settings, ...values }))[1];
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSaveSettings(settings);
  const form = useForm<Figures>({ resolver: zodResolver(figuresSchema), defaultValues: settings });
  return (
    <Form form={form} onSubmit={save}>
      <Box bg="card" p={{ base: '4', md: '6' }} borderRadius="card" boxShadow="sm">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {figures.map(([name, text]) => (
              <PointsField<Figures>
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

const automaticSchema = z.required(
  z.pick(settingsSchema, {
    automaticReview: true,
    automaticReviewHoldHours: true,
    automaticReviewMaxTotal: true,
    reviewDeadlineDays: true,
    automaticReviewMaxAgeDays: true,
    automaticReviewSamplePercent: true,
    riskInvoicesPerDay: true,
    riskTotalAbove: true,
  }),
);
type AutomaticReview = z.infer<typeof automaticSchema>;

const automaticLabel = (name: string) => ({
  label: `programme.settings.automatic.${name}`,
  helper: `programme.settings.automatic.${name}Help`,
});

/** "Aprova automaticamente…": the card's on/off, a checkbox bound to the form. */
function AutomaticReviewSwitch() {
  const { t } = useTranslation();
  const { field } = useController<AutomaticReview, 'automaticReview'>({ name: 'automaticReview' });
  return (
    <Checkbox
      name={field.name}
      checked={field.value}
      onChange={field.onChange}
      label={t('programme.settings.automatic.on')}
    />
  );
}

/** The card's fields, two by two: the automatic review's limits, the review deadline and the risk flags' limits. */
const automaticForm = defineForm<AutomaticReview>({
  labels: 'programme.settings.automatic',
  submit: 'programme.settings.automatic.save',
  fields: [
    { render: () => <AutomaticReviewSwitch /> },
    [
      { name: 'automaticReviewHoldHours', type: 'points', ...automaticLabel('holdHours') },
      { name: 'automaticReviewMaxTotal', type: 'money', ...automaticLabel('maxTotal') },
    ],
    [
      { name: 'reviewDeadlineDays', type: 'points', ...automaticLabel('reviewDeadline') },
      { name: 'automaticReviewMaxAgeDays', type: 'points', ...automaticLabel('maxAgeDays') },
    ],
    [
      { name: 'automaticReviewSamplePercent', type: 'points', ...automaticLabel('samplePercent') },
      { name: 'riskInvoicesPerDay', type: 'points', ...automaticLabel('invoicesPerDay') },
    ],
    [{ name: 'riskTotalAbove', type: 'money', ...automaticLabel('riskTotal') }],
  ],
});

/** What the automatic review did today: approved, held for the team by rule, and still waiting for it. */
function ReviewToday() {
  const { t } = useTranslation();
  const today = useApiQuery(programmeKeys.reviewToday, getReviewToday, { silent: true });
  if (!today.data) return null;
  const { approved, held, waiting } = today.data;
  return (
    <Box data-testid="review-today" bg="page" borderRadius="card" p="4" mb="5">
      <Text fontWeight="semibold">{t('programme.settings.automatic.today', { count: approved })}</Text>
      <Text fontSize="sm">{t('programme.settings.automatic.waiting', { count: waiting })}</Text>
      {held.length === 0 ? (
        <Text fontSize="sm" color="muted">
          {t('programme.settings.automatic.noneHeld')}
        </Text>
      ) : (
        <Stack as="ul" gap="1" m="0" ps="5" fontSize="sm">
          {held.map((rule) => (
            <li key={rule.rule}>{t('programme.settings.automatic.heldBy', { count: rule.count, rule: rule.label })}</li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** "Aprovação automática": on or off, its limits, the review deadline and the risk flags' limits. */
function AutomaticReviewForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSaveSettings(settings);
  const form = useForm<AutomaticReview>({
    resolver: zodResolver(automaticSchema),
    defaultValues: settings as AutomaticReview,
  });
  return (
    <CardSection title={t('programme.settings.automatic.title')}>
      <ReviewToday />
      <DeclaredForm form={automaticForm} state={form} onSubmit={save} placement="card" />
    </CardSection>
  );
}

const retentionSchema = z.required(z.pick(settingsSchema, { retentionYears: true }));
type Retention = z.infer<typeof retentionSchema>;

const retentionForm = defineForm<Retention>({
  labels: 'programme.settings.retention',
  submit: 'programme.settings.retention.save',
  fields: [
    {
      name: 'retentionYears',
      type: 'points',
      label: 'programme.settings.retention.years',
      helper: 'programme.settings.retention.yearsHelp',
    },
  ],
});

/** "Contas inativas": the years without a sign-in after which an account is anonymised (docs/privacy.md). */
function RetentionForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSaveSettings(settings);
  const form = useForm<Retention>({ resolver: zodResolver(retentionSchema), defaultValues: settings as Retention });
  return (
    <CardSection title={t('programme.settings.retention.title')}>
      <DeclaredForm form={retentionForm} state={form} onSubmit={save} placement="card" />
    </CardSection>
  );
}
