import {
  FileDrop,
  ProfessionalAddressFields,
  ProfessionalPersonalFields,
  ProfessionalProfessionFields,
  SelectField,
  useWatch,
} from '@especifica/mf-shared/forms';
import { useApiQuery } from '@especifica/mf-shared/kit';
import { Box, Text, useTranslation } from '@especifica/mf-shared/ui';
import { professionRulesKey, publicProfessionRules } from '../api/sign-up';
import type { SignUpForm } from '../model';

// The sign-up's first steps are the kit's professional form, part by part, with what only the sign-up adds.

export function PersonalStep({ emailReadOnly }: { emailReadOnly: boolean }) {
  return <ProfessionalPersonalFields emailReadOnly={emailReadOnly} />;
}

/** The address, filled from the CEP as it is typed (the form kit's lookup, the profile's too). */
export function AddressStep() {
  return <ProfessionalAddressFields lookupCep />;
}

/** The ABD certificate: PDF, JPG or PNG up to 5 MB (the server checks the content again). */
export const ABD_FILE = { accept: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024 };

interface ProfessionProps {
  file: File | null;
  onFile: (file: File | null) => void;
  onRefuse: (message: string) => void;
  fileError: string | null;
  stores: Array<{ id: string; name: string }> | null;
}

export function ProfessionStep({ file, onFile, onRefuse, fileError, stores }: ProfessionProps) {
  const { t } = useTranslation();
  return (
    <ProfessionalProfessionFields
      renderAfterRegistration={(registration) =>
        registration === 'abd' && (
          <FileDrop
            label={t('signUp.abdFile')}
            {...ABD_FILE}
            file={file}
            onFile={onFile}
            onReject={onRefuse}
            error={fileError ?? undefined}
          />
        )
      }
    >
      <ProfessionRuleNote />
      {stores && stores.length > 0 && (
        <SelectField<SignUpForm>
          name="referenceStore"
          label={t('signUp.referenceStore')}
          options={stores.map((store) => ({ label: store.name, value: store.id }))}
        />
      )}
    </ProfessionalProfessionFields>
  );
}

/**
 * What the programme's rules say of the chosen profession (rules per profession): its text, and that it earns no
 * points where that is its rule, before the person finishes signing up.
 */
function ProfessionRuleNote() {
  const { t } = useTranslation();
  const profession = useWatch<SignUpForm, 'profession'>({ name: 'profession' });
  const rules = useApiQuery(professionRulesKey, publicProfessionRules, { silent: true, staleTime: 300_000 });
  const rule = rules.data?.items.find((item) => item.profession === profession);
  if (!rule || (rule.earns === 'points' && !rule.text)) return null;
  return (
    <Box bg="surface.50" p="3" borderRadius="card" fontSize="sm" data-testid="profession-rule" role="note">
      {rule.earns === 'nothing' && <Text fontWeight="bold">{t('signUp.earnsNothing', { profession })}</Text>}
      {rule.text && <Text whiteSpace="pre-line">{rule.text}</Text>}
    </Box>
  );
}
