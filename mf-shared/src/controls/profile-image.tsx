import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { type Result, session, toasts } from '@especifica/mf-shared';
import type { ProfileImageResponse } from '@especifica/mf-shared/contracts';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useRef, useState } from 'react';
import { Avatar } from './avatar';

/**
 * The picture block of every profile page: shows the avatar, sends a new picture through the role's own call, and
 * updates the session so the header shows it at once (spec 8 message on failure).
 */
export function ProfileImage({
  name,
  image,
  upload,
}: {
  name: string;
  image: string | null;
  upload: (file: File) => Promise<Result<ProfileImageResponse>>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(image);
  const [sending, setSending] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    setSending(true);
    const [data] = await upload(file);
    setSending(false);
    if (input.current) input.current.value = '';
    if (!data) {
      toasts.error(t('profile.imageError'));
      return;
    }
    setCurrent(data.profileImage);
    session.patchUser({ profileImage: data.profileImage });
    toasts.success(data.msg);
  }

  return (
    <HStack gap="4" align="center">
      <Avatar name={name} src={current ?? undefined} size="72px" />
      <Stack gap="1">
        <Button
          size="sm"
          variant="outline"
          colorPalette="primary"
          loading={sending}
          onClick={() => input.current?.click()}
        >
          {t('profile.changeImage')}
        </Button>
        <Text fontSize="xs" color="muted">
          {t('profile.imageHint')}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label={t('profile.image')}
          onChange={(event) => void send(event.target.files?.[0])}
        />
      </Stack>
    </HStack>
  );
}
