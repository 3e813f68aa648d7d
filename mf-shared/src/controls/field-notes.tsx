import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The asterisk of a required field, drawn by CSS with no text for assistive technology ("*" / ""): a screen reader
 * hears the field's name and that it is required (aria-required), not "asterisk", and the label's text stays its name.
 */
export const requiredMark = {
  // The same space before it in a field's label (a flex row with a gap of its own) as in the select's.
  gap: '0',
  '&::after': { content: '"*" / ""', color: 'fg.error', marginInlineStart: '1' },
} as const;

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
