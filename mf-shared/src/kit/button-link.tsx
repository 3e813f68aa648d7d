import { Button, type ButtonProps } from '@chakra-ui/react';
import { RouterLink } from '@especifica/mf-shared/router';

export interface ButtonLinkProps extends ButtonProps {
  /** The app's path it opens. */
  to: string;
}

/** A link of the app drawn as a button (a page's actions, "see all", "back"): the router's link inside the button. */
export function ButtonLink({ to, children, ...button }: ButtonLinkProps) {
  return (
    <Button asChild {...button}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
