import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The helper and error lines under a control drawn outside Chakra's Field (the form's select, a search picker), with
 * the ids `${id}-helper` and `${id}-error` that the control's aria-describedby names.
 */
export function FieldNotes({ id, helper, error }: { id: string; helper?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {helper && (
        <Text id={`${id}-helper`} color="muted" fontSize="sm" mt="1">
          {helper}
        </Text>
      )}
      {error && (
        <Text id={`${id}-error`} color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </>
  );
}
