/**
 * A visitor page as the web build's server renderer hands it to the API, which puts it into the page
 * template. A type only: the renderer (apps/web) and the API that loads it share no code.
 */
export interface RenderedPage {
  status: number;
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The data block the browser hydrates from, for right after the root element. */
  state: string;
  /** For `<head>`: the preload of the page's largest image and the page's chunks. */
  head: string;
}
