import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { i18n } from '@especifica/mf-shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps a remote that throws while rendering inside its page area, with a pt-BR way to try again. */
export class RemoteBoundary extends Component<{ children: ReactNode; name: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box
        role="alert"
        data-testid="remote-fallback"
        maxW="560px"
        mx="auto"
        my="16"
        p="8"
        bg="card"
        borderRadius="card"
        textAlign="center"
      >
        <Heading size="md" mb="2">
          {i18n.t('remote.failedTitle')}
        </Heading>
        <Text color="muted" mb="6">
          {i18n.t('remote.failedText')}
        </Text>
        <Button colorPalette="primary" onClick={() => this.setState({ error: null })}>
          {i18n.t('common.retry')}
        </Button>
      </Box>
    );
  }
}
