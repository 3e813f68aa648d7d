import type { ProfileData } from '@especifica/mf-shared/contracts';
import { ProfileScreen } from '@especifica/mf-shared/forms';
import { useEffect, useState } from 'react';
import { getProfile, setProfileImage, toFormData, updateProfessional, updateShopkeeper } from '../api/profile';
import { ProfessionalForm } from './professional-form';
import { ShopkeeperForm } from './shopkeeper-form';

/** /profile for professionals and shopkeepers: own data, picture and password (spec 2.4, 7.10, 7.11). */
export function ProfilePage() {
  const [profile, setProfile] = useState<ProfileData | null | false>(null);

  useEffect(() => {
    void getProfile().then(([data]) => setProfile(data ?? false));
  }, []);

  return (
    <ProfileScreen
      profile={profile}
      uploadImage={setProfileImage}
      maxW="960px"
      personal={(p) =>
        p.userType === 'professional' ? <ProfessionalForm profile={p} /> : <ShopkeeperForm profile={p} />
      }
      sendPassword={(p) => (change) => {
        const form = toFormData({ _id: p._id, ...change });
        return p.userType === 'professional' ? updateProfessional(form) : updateShopkeeper(form);
      }}
    />
  );
}
