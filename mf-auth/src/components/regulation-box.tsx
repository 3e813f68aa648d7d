import { Box, Heading, Text } from '@especifica/mf-shared/ui';

/**
 * The programme's regulation as the person reads it before accepting it, at login (a newer version) and at
 * sign-up. A region that scrolls takes the focus, so a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function RegulationBox({
  terms,
  maxH,
  mb,
}: {
  terms: { title: string; content: string };
  maxH: string;
  mb?: string;
}) {
  return (
    <Box
      as="section"
      aria-label={terms.title}
      tabIndex={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' }}
      maxH={maxH}
      overflowY="auto"
      borderWidth="1px"
      borderColor="surface.200"
      borderRadius="card"
      p="4"
      mb={mb}
    >
      <Heading as="h2" fontSize="md" mb="2">
        {terms.title}
      </Heading>
      <Text whiteSpace="pre-line" fontSize="sm">
        {terms.content}
      </Text>
    </Box>
  );
}
