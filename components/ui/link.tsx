import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's link: Next.js's, without prefetching unless a link asks for it. Every page here is
 * rendered per request (the signed-in user, their role, live data) and has no loading boundary, so
 * an automatic prefetch fetched a payload the click could not use, from the server, for every link
 * on screen: ~20 requests per page view (the navigation, a table's rows), more than the pages'
 * documents, scripts, styles and API calls together. A click navigates as before, in the page.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
