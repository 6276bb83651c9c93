import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
// Display and inline math in messages: the server sends KaTeX's HTML, which needs its stylesheet.
import 'katex/dist/katex.min.css';
import './styles/rendered-content.css';

/** Must match src/web/picture-html.ts. */
const PICTURE_ELEMENT_ID = 'perch-picture';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// Browser mode's host may serve the last window's picture in the page (lib/window-picture.ts):
// it is drawn first, then the App takes its place in one task, with no empty frame between.
const picture = document.getElementById(PICTURE_ELEMENT_ID);
const start = () => {
  picture?.remove();
  mount(App, { target });
};
// A hidden page draws no frame to wait for; a picture hidden at another width has none to
// show; one already painted (the stylesheets came before this script) has been seen.
const painted = () => performance.getEntriesByType('paint').length > 0;
if (picture && document.visibilityState === 'visible' && !painted() && picture.checkVisibility())
  requestAnimationFrame(() => setTimeout(start, 0));
else start();
