import type { Campaign } from '@especifica/mf-shared/contracts';
import { Checkbox } from '@especifica/mf-shared/controls';
import { resourceKey, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import {
  Alert,
  Box,
  Button,
  chakra,
  Field,
  HStack,
  Input,
  Stack,
  Text,
  Textarea,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type Audience,
  type Candidate,
  campaigns,
  documentsIn,
  type GiveAnswer,
  giveToDocuments,
  giveToPicked,
  historyKey,
  membersKey,
  searchCandidates,
} from '../api/extra-points';

const SEARCH_DELAY_MS = 300;
const MAX_DOCUMENTS = 200_000;

/** Gives the campaign to many at once: people or stores searched and picked, or a pasted list of CPFs or CNPJs. */
export function GiveCampaign({ audience, campaign }: { audience: Audience; campaign: Campaign }) {
  const { t } = useTranslation();
  const [unknown, setUnknown] = useState<string[]>([]);
  const invalidates = [resourceKey(campaigns(audience)), membersKey(audience, campaign), historyKey(audience)];
  // The warning answers the last grant asked for. A grant answers once what it changed has been read again, so an
  // earlier one (the picked people) can answer after a later one (a pasted list) and would clear its warning.
  const latest = useRef(0);
  const begin = () => {
    const grant = ++latest.current;
    return (answer: GiveAnswer) => {
      if (grant === latest.current) setUnknown(answer.unknown);
    };
  };
  return (
    <Stack gap="5">
      <Picker audience={audience} campaign={campaign} invalidates={invalidates} begin={begin} />
      <Paste audience={audience} campaign={campaign} invalidates={invalidates} begin={begin} />
      {unknown.length > 0 && (
        <Alert.Root status="warning" data-testid="unknown-documents">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`campaigns.unknown.${audience}`, { count: unknown.length })}</Alert.Title>
            <Alert.Description wordBreak="break-all">{unknown.slice(0, 50).join(', ')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

interface GiveProps {
  audience: Audience;
  campaign: Campaign;
  invalidates: readonly (readonly unknown[])[];
  /** Called as a grant is asked for; what it returns takes the grant's answer. */
  begin: () => (answer: GiveAnswer) => void;
}

function Picker({ audience, campaign, invalidates, begin }: GiveProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Candidate[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useApiQuery(
    [...resourceKey(campaigns(audience)), 'candidates', search],
    () => searchCandidates(audience, search),
    { enabled: search.length >= 2, silent: true, keepPrevious: true },
  );
  const give = useApiMutation((chosen: Candidate[]) => giveToPicked(audience, campaign, chosen), {
    invalidates: [...invalidates],
    success: (answer) => answer.msg,
  });
  const toggle = (candidate: Candidate, on: boolean) =>
    setPicked((current) => (on ? [...current, candidate] : current.filter((item) => item.id !== candidate.id)));
  const submit = async () => {
    const done = begin();
    const [answer] = await give.run(picked);
    if (answer) {
      setPicked([]);
      done(answer);
    }
  };
  const results = search.length >= 2 ? (found.data ?? []) : [];

  return (
    <Stack gap="3">
      <Box>
        <chakra.label htmlFor={searchId} fontSize="sm" display="block" mb="1">
          {t(`campaigns.searchPeople.${audience}`)}
        </chakra.label>
        <Input
          id={searchId}
          type="search"
          value={text}
          placeholder={t(`campaigns.searchPeopleHint.${audience}`)}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </Box>
      {search.length >= 2 && found.error && <Text color="fg.error">{found.error.msg}</Text>}
      {search.length >= 2 && found.data && results.length === 0 && <Text color="muted">{t('kit.empty')}</Text>}
      {results.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" maxH="240px" overflowY="auto" data-testid="candidates">
          {results.map((candidate) => (
            <chakra.li key={candidate.id}>
              <Checkbox
                checked={picked.some((item) => item.id === candidate.id)}
                onChange={(on) => toggle(candidate, on)}
                label={`${candidate.name} (${candidate.detail})`}
              />
            </chakra.li>
          ))}
        </Stack>
      )}
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" flex="1" data-testid="picked-count">
          {t('campaigns.picked', { count: picked.length })}
        </Text>
        <Button colorPalette="primary" disabled={picked.length === 0} loading={give.isPending} onClick={submit}>
          {t('campaigns.givePicked')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Paste({ audience, campaign, invalidates, begin }: GiveProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const give = useApiMutation((documents: string[]) => giveToDocuments(campaign, documents), {
    invalidates: [...invalidates],
    success: (answer) => answer.msg,
  });
  const submit = async () => {
    const documents = documentsIn(text);
    if (documents.length === 0 || documents.length > MAX_DOCUMENTS) {
      setProblem(t(`campaigns.pasteEmpty.${audience}`));
      return;
    }
    setProblem(null);
    const done = begin();
    const [answer] = await give.run(documents);
    if (answer) {
      setText('');
      done(answer);
    }
  };
  return (
    <Stack gap="3">
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t(`campaigns.paste.${audience}`)}</Field.Label>
        <Textarea
          value={text}
          rows={4}
          placeholder={t(`campaigns.pasteHint.${audience}`)}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
      <Button alignSelf="flex-end" variant="outline" colorPalette="primary" loading={give.isPending} onClick={submit}>
        {t('campaigns.giveList')}
      </Button>
    </Stack>
  );
}
