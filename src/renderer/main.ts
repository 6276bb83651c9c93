import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
// Display and inline math in messages: the server sends KaTeX's HTML, which needs its stylesheet.
import 'katex/dist/katex.min.css';
import './styles/rendered-content.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });
