import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GalleryPage, GallerySection } from './gallery-section';
import { PRODUCT_ICONS } from './product-icons';

/** `/icons`: each icon the product shows, with what it means on its screens. */
export function IconsGallery() {
  const { t } = useTranslation();
  return (
    <GalleryPage intro={t('gallery.icons.intro', { count: PRODUCT_ICONS.length })}>
      <GallerySection title={t('gallery.icons.title')} description={t('gallery.icons.hint')}>
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} m={0} p={0} style={{ listStyle: 'none' }}>
          {PRODUCT_ICONS.map(({ name, Icon }) => (
            <Group component="li" key={name} gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" size="lg" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Text size="sm">{t(`gallery.icons.meanings.${name}`)}</Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </GallerySection>
    </GalleryPage>
  );
}
