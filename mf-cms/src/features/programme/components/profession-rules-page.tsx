import {
  earnsModes,
  experienceModes,
  type ProfessionRules,
  professionRuleMessages,
  ruleInputOf,
  type UpdateProfessionRulesBody,
  updateProfessionRulesBodySchema,
} from '@especifica/mf-shared/contracts';
import { Checkbox } from '@especifica/mf-shared/controls';
import {
  Form,
  type Resolver,
  SelectField,
  SubmitButton,
  TextareaField,
  useController,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import {
  formatDateTime,
  LoadingState,
  PageLayout,
  QueryView,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Box, Heading, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { getProfessionRules, professionRulesKey, saveProfessionRules } from '../api/programme';

type Values = UpdateProfessionRulesBody;

/**
 * /cms/programme/profession-rules (Programa > Regras por profissão): for each profession, what it earns, how it takes
 * experiences, whether it sees levels, whether an invoice waits for its buyer to be told, and the text shown at
 * sign-up and on /regulation. Saving applies from that moment, never rewrites the ledger, and tells the
 * professionals of each profession that changed.
 */
export function ProfessionRulesPage() {
  const { t } = useTranslation();
  const query = useApiQuery(professionRulesKey, getProfessionRules, { silent: true });
  return (
    <PageLayout title={t('programme.professionRules.title')} description={t('programme.professionRules.description')}>
      <QueryView query={query} loading={<LoadingState kind="cards" rows={3} />}>
        {(data) => <RulesForm rules={data} />}
      </QueryView>
    </PageLayout>
  );
}

function RulesForm({ rules }: { rules: ProfessionRules }) {
  const { t } = useTranslation();
  const save = useApiMutation(saveProfessionRules, {
    invalidates: [professionRulesKey],
    success: professionRuleMessages.saved,
    silent: true,
  });
  const form = useForm<Values>({
    resolver: zodResolver(updateProfessionRulesBodySchema) as Resolver<Values>,
    defaultValues: {
      items: rules.items.map(ruleInputOf),
    },
  });
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`programme.professionRules.${group}.${value}`),
  });
  return (
    <Form form={form} onSubmit={async (values) => (await save.run(values))[1]}>
      <Stack gap="4">
        {rules.items.map((rule, index) => (
          <Box
            key={rule.profession}
            role="group"
            aria-labelledby={`rule-${index}`}
            bg="card"
            p={{ base: '4', md: '5' }}
            borderRadius="card"
            boxShadow="sm"
            data-testid="profession-rule"
          >
            <Heading as="h2" id={`rule-${index}`} fontSize="md" mb="1">
              {rule.profession}
            </Heading>
            <Text fontSize="xs" color="muted" mb="3">
              {rule.updatedAt
                ? t('programme.professionRules.updated', { at: formatDateTime(rule.updatedAt) })
                : t('programme.professionRules.defaults')}
            </Text>
            {rule.profession === 'Arquiteto' && (
              <Box bg="surface.50" p="3" borderRadius="card" mb="4" fontSize="sm" data-testid="cau-guidance">
                <Text>{t('programme.professionRules.cau')}</Text>
                <Text mt="1" color="muted">
                  {t('programme.professionRules.openMode')}
                </Text>
              </Box>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField<Values>
                name={`items.${index}.earns`}
                label={t('programme.professionRules.earnsLabel')}
                options={earnsModes.map(option('earns'))}
              />
              <SelectField<Values>
                name={`items.${index}.experiences`}
                label={t('programme.professionRules.experiencesLabel')}
                options={experienceModes.map(option('experiences'))}
              />
              <RuleCheckbox index={index} name="levels" />
              <RuleCheckbox index={index} name="clientDisclosure" />
            </SimpleGrid>
            <Box mt="4">
              <TextareaField<Values>
                name={`items.${index}.text`}
                label={t('programme.professionRules.text')}
                helper={t('programme.professionRules.textHelp')}
                rows={3}
              />
            </Box>
          </Box>
        ))}
        <SubmitButton alignSelf="flex-start">{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

/** One on/off rule of a profession, a checkbox bound to the form. */
function RuleCheckbox({ index, name }: { index: number; name: 'levels' | 'clientDisclosure' }) {
  const { t } = useTranslation();
  const { field } = useController<Values, `items.${number}.${typeof name}`>({ name: `items.${index}.${name}` });
  return (
    <Checkbox
      name={field.name}
      checked={field.value === true}
      onChange={field.onChange}
      label={t(`programme.professionRules.${name}`)}
    />
  );
}
