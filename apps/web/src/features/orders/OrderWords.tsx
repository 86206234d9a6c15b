import { ORDER_TEXT_MAX } from '@duka/core';
import { ActionIcon, Group, Paper, Text, Textarea } from '@mantine/core';
import type { useSpeech } from './speech';

interface OrderWordsProps {
  label: string;
  description: string;
  value: string;
  error: string | null;
  maxRows: number;
  autoFocus?: boolean;
  onChange: (text: string) => void;
  speech: ReturnType<typeof useSpeech>;
  /** The microphone's names while idle and while listening, and the note shown while it listens. */
  speak: string;
  stopListening: string;
  listening: string;
}

/** Where an order is typed or said: the text box, the microphone where the browser can listen, and what it is doing. */
export function OrderWords({ label, description, value, error, maxRows, autoFocus, onChange, speech, speak, stopListening, listening }: OrderWordsProps) {
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          style={{ flex: 1, minWidth: 0 }}
          label={label}
          description={description}
          autosize
          minRows={2}
          maxRows={maxRows}
          maxLength={ORDER_TEXT_MAX}
          value={value}
          error={error}
          data-autofocus={autoFocus || undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        {speech.supported && (
          <ActionIcon
            size="xl"
            variant={speech.listening ? 'filled' : 'light'}
            color={speech.listening ? 'red' : undefined}
            aria-label={speech.listening ? stopListening : speak}
            onClick={speech.listening ? speech.stop : speech.start}
          >
            {/* A drawn microphone: an emoji needs a font that cheap phones and headless browsers may lack. */}
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <rect x="9" y="3" width="6" height="11" rx="3" />
              <path d="M5 11a7 7 0 0 0 14 0M12 18v3M9 21h6" />
            </svg>
          </ActionIcon>
        )}
      </Group>
      {speech.listening && (
        <Text size="sm" c="dimmed" role="status">
          {listening}
        </Text>
      )}
    </>
  );
}

/** The words of an order that were not read as a client, a line or a date, quoted under `title` so nothing is lost unseen. */
export function OrderRemainder({ words, title, testId }: { words: string[]; title: string; testId: string }) {
  if (!words.length) return null;
  return (
    <Paper withBorder p={6} bg="var(--mantine-color-orange-light)" data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {words.map((r, i) => (
        <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
          “{r}”
        </Text>
      ))}
    </Paper>
  );
}
