import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useStrings } from '../../../i18n';
import '../strings';

/** The frame of the account screens: the brand on top, one card in the middle, usable from 360 px up. */
export function AuthLayout({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useStrings('accounts');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" px="sm" py="xl" component="main">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={2} align="center">
            <Text fw={800} fz={28} c="teal.8" lh={1} aria-label={t('brand')}>
              {t('brand')}
            </Text>
            <Text c="dimmed" fz="sm" ta="center">
              {t('tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="xs" radius="lg" p={{ base: 'md', xs: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {intro && (
                  <Text c="dimmed" fz="sm">
                    {intro}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Text ta="center" fz="sm">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
