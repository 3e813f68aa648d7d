import { type Level, type UpdateLevelsBody, updateLevelsBodySchema } from '@especifica/mf-shared/contracts';
import {
  type Control,
  Form,
  PointsField,
  type Resolver,
  SubmitButton,
  TextareaField,
  TextField,
  useFieldArray,
  useForm,
  useFormState,
  zodResolver,
} from '@especifica/mf-shared/forms';
import { LoadingState, PageLayout, QueryView, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { getLevels, programmeKeys, saveLevels } from '../api/programme';

type Values = UpdateLevelsBody;

const blank = { name: '', points: null as unknown as number, sublevels: 1, benefits: '' };

/** /cms/programme/levels: the ordered levels, the points that reach each, its sublevels and its benefits. */
export function LevelsPage() {
  const { t } = useTranslation();
  const query = useApiQuery(programmeKeys.levels, getLevels, { silent: true });
  return (
    <PageLayout title={t('programme.levels.title')} description={t('programme.levels.description')}>
      <QueryView query={query} loading={<LoadingState kind="cards" rows={3} />}>
        {(data) => <LevelsForm levels={data.items} />}
      </QueryView>
    </PageLayout>
  );
}

function LevelsForm({ levels }: { levels: Level[] }) {
  const { t } = useTranslation();
  const save = useApiMutation(saveLevels, {
    invalidates: [programmeKeys.levels],
    success: t('programme.levels.saved'),
    silent: true,
  });
  const form = useForm<Values>({
    resolver: zodResolver(updateLevelsBodySchema) as Resolver<Values>,
    defaultValues: {
      levels: levels.map(({ id, name, points, sublevels, benefits }) => ({ id, name, points, sublevels, benefits })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'levels' });
  return (
    <Form form={form} onSubmit={async (values) => (await save.run(values))[1]}>
      <Stack gap="4">
        {rows.fields.map((field, index) => (
          <Box
            key={field.id}
            role="group"
            aria-labelledby={`level-${field.id}`}
            bg="card"
            p={{ base: '4', md: '5' }}
            borderRadius="card"
            boxShadow="sm"
            data-testid="level"
          >
            <HStack justify="space-between" mb="3">
              <Heading as="h2" id={`level-${field.id}`} fontSize="md">
                {t('programme.levels.level', { number: index + 1 })}
              </Heading>
              {rows.fields.length > 1 && (
                <Button size="sm" variant="plain" colorPalette="error" onClick={() => rows.remove(index)}>
                  {t('programme.levels.remove', { number: index + 1 })}
                </Button>
              )}
            </HStack>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField<Values> name={`levels.${index}.name`} label={t('programme.levels.name')} />
              <PointsField<Values> name={`levels.${index}.points`} label={t('programme.levels.points')} />
              <PointsField<Values>
                name={`levels.${index}.sublevels`}
                label={t('programme.levels.sublevels')}
                helper={t('programme.levels.sublevelsHelp')}
              />
            </SimpleGrid>
            <Box mt="4">
              <TextareaField<Values>
                name={`levels.${index}.benefits`}
                label={t('programme.levels.benefits')}
                rows={3}
              />
            </Box>
          </Box>
        ))}
        <ListError control={form.control} />
        <HStack gap="3" flexWrap="wrap">
          <Button variant="outline" onClick={() => rows.append({ ...blank })} disabled={rows.fields.length >= 20}>
            {t('programme.levels.add')}
          </Button>
          <SubmitButton>{t('kit.save')}</SubmitButton>
        </HStack>
      </Stack>
    </Form>
  );
}

/** The messages about the list as a whole (a level at 0 points, names and points all different). */
function ListError({ control }: { control: Control<Values> }) {
  // The control itself, not the context: this bundle's react-hook-form may not be the kit's.
  const { errors } = useFormState({ control });
  const list = errors.levels as { message?: string; root?: { message?: string } } | undefined;
  const message = list?.root?.message ?? list?.message;
  return message ? (
    <Text role="alert" color="fg.error" fontSize="sm">
      {message}
    </Text>
  ) : null;
}
