import { useTexts } from '@especifica/mf-shared/plain';
import { addAuthStyles } from './plain-styles';

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
  const { t } = useTexts();
  addAuthStyles();
  return (
    <fieldset className="es-toggle" aria-label={label}>
      {(['professional', 'shopkeeper'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={`es-button ${role === option ? 'es-solid' : 'es-outline'}`}
          aria-pressed={role === option}
          onClick={() => onChange(option)}
        >
          {option === 'professional' ? t('login.professionalTitle') : t('login.shopkeeperTitle')}
        </button>
      ))}
    </fieldset>
  );
}
