// The UI kit: the only door to Chakra for every module, so one copy of it, carrying only the parts used, is shared.
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  chakra,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Text,
  Textarea,
  VStack,
} from '@chakra-ui/react';
export { tokens } from '@especifica/mf-shared/plain';
export { useTranslation } from 'react-i18next';
export { type RemoteProps, RenderInSlices, remoteLifecycles } from './lifecycles';
export {
  builtParts,
  defineParts,
  gridColumns,
  type NamedParts,
  type Parts,
  partProps,
  partSelector,
  partsStyles,
  perSystem,
  prepareParts,
  usePartsClass,
} from './parts';
export { UiProvider } from './provider';
export { RemoteBoundary } from './remote-boundary';
export { type ColorPalette, getSystem, PALETTES } from './system';
export { useSession } from './use-session';
