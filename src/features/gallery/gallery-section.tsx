import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';

/** A gallery page: the route's title, a line on what it shows, then its sections. */
export function GalleryPage({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <>
      <PageHeader />
      <Text mb="md">{intro}</Text>
      <Stack gap="md">{children}</Stack>
    </>
  );
}

/** One part of the product on show, under a second-level heading (the page title is the first). */
export function GallerySection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title order={2} size="h4" id={headingId} mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** A sample with a caption saying where the product uses it. */
export function Sample({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Stack gap={6} miw={0}>
      {children}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}
