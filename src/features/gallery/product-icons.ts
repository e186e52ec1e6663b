import {
  IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconArrowRight, IconBell, IconCash, IconCircleCheck, IconCircleOff, IconDownload,
  IconChartBar, IconEye, IconFileInvoice, IconGavel, IconKey, IconLanguage, IconLayoutDashboard, IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarRight, IconLogout, IconMail, IconMailForward, IconMessageReply, IconPencil, IconPhoto, IconPhotoPlus, IconPlus, IconPoint,
  IconPrinter, IconRefresh, IconSearch, IconSend, IconTrash, IconUser, IconUserPlus, IconX, type Icon,
} from '@tabler/icons-react';

/**
 * The Tabler icons the product's screens use, by name, each with the key of what it means there
 * (gallery.icons.meanings). Found with `grep -rhoE "Icon[A-Z][A-Za-z]+" src` over non-test files.
 */
export const PRODUCT_ICONS: readonly { name: string; Icon: Icon }[] = Object.entries({
  IconEye, IconPencil, IconTrash, IconPlus, IconCircleCheck, IconCircleOff, IconGavel, IconMessageReply, IconSend, IconCash,
  IconFileInvoice, IconPrinter, IconDownload, IconRefresh, IconSearch, IconPhotoPlus, IconPhoto, IconX, IconUserPlus, IconMailForward,
  IconKey, IconUser, IconBell, IconLanguage, IconLogout, IconLayoutDashboard, IconPoint, IconLayoutSidebarLeftCollapse, IconLayoutSidebarRight,
  IconArrowLeft, IconArrowRight, IconAlertCircle, IconAlertTriangle, IconMail, IconChartBar,
}).map(([name, Icon]) => ({ name, Icon }));
