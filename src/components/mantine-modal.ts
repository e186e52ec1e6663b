// Mantine's Modal on its own, for modal.tsx to fetch when a dialog first opens.
export { Modal as default } from '@mantine/core';
