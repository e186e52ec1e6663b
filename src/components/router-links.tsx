import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/*
 * Mantine's anchor and button as router links: `to`, `params` and `search` keep the route
 * tree's types, which `component={Link}` on a Mantine component loses.
 */
function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

function ButtonElement(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

export const AnchorLink = createLink(AnchorElement);
export const ButtonLink = createLink(ButtonElement);
