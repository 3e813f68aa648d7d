import { Button, HStack, useTranslation } from '@especifica/mf-shared/ui';

type ParticipantRole = 'professional' | 'shopkeeper';

/** "Sou profissional" / "Sou lojista": which participant login, recovery or sign-up a screen talks to. */
export function RoleToggle({
  role,
  onChange,
  label,
}: {
  role: string;
  onChange: (role: ParticipantRole) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <HStack mb="6" gap="2" role="group" aria-label={label}>
      {(['professional', 'shopkeeper'] as const).map((option) => (
        <Button
          key={option}
          flex="1"
          type="button"
          variant={role === option ? 'solid' : 'outline'}
          colorPalette="primary"
          aria-pressed={role === option}
          onClick={() => onChange(option)}
        >
          {option === 'professional' ? t('login.professionalTitle') : t('login.shopkeeperTitle')}
        </Button>
      ))}
    </HStack>
  );
}
