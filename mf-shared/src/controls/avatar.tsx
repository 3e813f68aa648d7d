import { Box } from '@chakra-ui/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';

export type Palette = 'primary' | 'secondary' | 'tertiary' | 'quaternary';

/** Up to two initials: the first letters of the first and the last word (spec 2.8). */
export function avatarInitials(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from keeps a letter made of two UTF-16 units whole.
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  return (letter(first) + letter(last)).toLocaleUpperCase('pt-BR');
}

export interface AvatarProps {
  /** Whose avatar: gives the initials and the accessible name. */
  name?: string;
  /** Profile image; the initials show while it loads and if it fails. */
  src?: string | null;
  /** Shows "+N" instead of a person, e.g. for the people left out of a list. */
  extra?: number;
  /** Width and height, any CSS length. */
  size?: string;
  colorPalette?: Palette;
}

export function Avatar({ name, src, extra, size = '40px', colorPalette = 'primary' }: AvatarProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const isExtra = extra !== undefined;
  const text = isExtra ? `+${extra}` : avatarInitials(name);
  const showImage = !isExtra && Boolean(src) && failedSrc !== src;
  return (
    <Box
      as="span"
      role="img"
      aria-label={isExtra ? t('controls.more', { count: extra }) : name}
      data-part="avatar"
      colorPalette={colorPalette}
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      overflow="hidden"
      // A fixed dark step keeps white initials readable in both themes.
      bg={isExtra ? 'surface.200' : 'colorPalette.700'}
      color={isExtra ? 'ink' : 'white'}
      fontWeight="bold"
      lineHeight="1"
      userSelect="none"
      style={{ fontSize: `calc(${size} * 0.4)` }}
    >
      <span aria-hidden="true">{text}</span>
      {showImage && src && (
        <img
          src={src}
          alt=""
          onError={() => setFailedSrc(src)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
