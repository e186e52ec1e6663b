import { Box, Button, Group, SimpleGrid, Stack, Text, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GalleryPage, GallerySection } from './gallery-section';
import { SchemePanel, Swatch, type Scheme } from './scheme-panel';
import { StatusBadgeRows, type StatusBadges } from './status-badges';

/** The colours the product gives meaning to, each by the variable its components read. */
const SURFACES = [
  ['--mantine-color-body', 'page'],
  ['--mantine-color-text', 'text'],
  ['--mantine-color-dimmed', 'dimmed'],
  ['--mantine-color-error', 'error'],
  ['--mantine-color-default-border', 'border'],
  ['--mantine-primary-color-filled', 'primary'],
  ['--mantine-color-red-filled', 'delete'],
  ['--mantine-color-orange-filled', 'deactivate'],
  ['--mantine-color-green-filled', 'enable'],
] as const;

const SCHEMES: Scheme[] = ['light', 'dark'];

/** The primary colour's ten shades, marking the one each scheme fills buttons and links with. */
function PrimaryPalette() {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const shades = theme.colors[theme.primaryColor] ?? [];
  const used = typeof theme.primaryShade === 'number' ? { light: theme.primaryShade, dark: theme.primaryShade } : theme.primaryShade;
  return (
    <SimpleGrid cols={{ base: 2, xs: 5, md: 10 }} spacing="xs">
      {shades.map((colour, shade) => (
        <Stack key={colour} gap={4} miw={0}>
          <Box
            h={40}
            aria-hidden
            style={{
              background: colour,
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
          <Text size="sm" fw={600}>
            {theme.primaryColor} {shade}
          </Text>
          <Text size="xs" ff="monospace">
            {colour}
          </Text>
          {SCHEMES.filter((scheme) => used[scheme] === shade).map((scheme) => (
            <Text key={scheme} size="xs" c="dimmed">
              {t('gallery.theme.usedIn', { scheme: t(`gallery.theme.${scheme}`) })}
            </Text>
          ))}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** `/theme`: the product's colours, status badges and buttons in light and dark side by side. */
export function ThemeGallery({ badges }: { badges: StatusBadges }) {
  const { t } = useTranslation();
  const { primaryColor } = useMantineTheme();
  return (
    <GalleryPage intro={t('gallery.theme.intro')}>
      <GallerySection title={t('gallery.theme.schemes')} description={t('gallery.theme.schemesHint')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {SCHEMES.map((scheme) => (
            <SchemePanel key={scheme} scheme={scheme} title={t(`gallery.theme.${scheme}`)}>
              {(variables) => (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    {SURFACES.map(([name, use]) => (
                      <Swatch key={name} variables={variables} name={name} label={t(`gallery.theme.colours.${use}`)} />
                    ))}
                  </SimpleGrid>
                  <Group gap="xs">
                    <Button>{t('common.save')}</Button>
                    <Button variant="default">{t('common.cancel')}</Button>
                    <Button color="red">{t('common.delete')}</Button>
                    <Button color="orange">{t('catalogue.deactivate')}</Button>
                    <Button color="green">{t('catalogue.activate')}</Button>
                  </Group>
                  <StatusBadgeRows badges={badges} />
                </>
              )}
            </SchemePanel>
          ))}
        </SimpleGrid>
      </GallerySection>
      <GallerySection title={t('gallery.theme.palette', { colour: primaryColor })} description={t('gallery.theme.paletteHint')}>
        <PrimaryPalette />
      </GallerySection>
    </GalleryPage>
  );
}
