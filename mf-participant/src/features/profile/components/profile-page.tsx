import type { ProfileData } from '@especifica/mf-shared/contracts';
import { ProfileImage } from '@especifica/mf-shared/controls';
import { Box, Heading, Spinner, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { getProfile, setProfileImage, toFormData, updateProfessional, updateShopkeeper } from '../api/profile';
import { PasswordForm } from './password-form';
import { ProfessionalForm } from './professional-form';
import { ShopkeeperForm } from './shopkeeper-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="card" borderRadius="card" boxShadow="sm" p={{ base: '4', md: '8' }}>
      <Heading as="h2" fontSize="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** /profile for professionals and shopkeepers: own data, picture and password (spec 2.4, 7.10, 7.11). */
export function ProfilePage() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void getProfile().then(([data]) => {
      if (!data) return setFailed(true);
      setProfile(data);
    });
  }, []);

  if (failed) return <Text p="8">{t('profile.loadError')}</Text>;
  if (!profile) return <Spinner m="8" color="brand" />;

  const sendPassword = (change: { password: string; currentPassword: string }) => {
    const form = toFormData({ _id: profile._id, ...change });
    return profile.userType === 'professional' ? updateProfessional(form) : updateShopkeeper(form);
  };

  return (
    <Stack gap="6" maxW="960px" mx="auto" px="4" py="8">
      <Heading as="h1" fontSize="xxl">
        {t('profile.title')}
      </Heading>
      <Section title={t('profile.image')}>
        <ProfileImage name={profile.name} image={profile.profileImage} upload={setProfileImage} />
      </Section>
      <Section title={t('profile.personal')}>
        {profile.userType === 'professional' ? (
          <ProfessionalForm profile={profile} />
        ) : (
          <ShopkeeperForm profile={profile} />
        )}
      </Section>
      <Section title={t('profile.passwordTitle')}>
        <PasswordForm send={sendPassword} />
      </Section>
    </Stack>
  );
}
