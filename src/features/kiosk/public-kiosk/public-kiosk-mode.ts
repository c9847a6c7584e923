// Loaded by DefaultLayout on a public kiosk only (type 10): its look on every customer screen it
// shows (type read at arm's length, targets for a finger), and on the shop's booking page its start
// screen above the products. Customers' browsers never fetch it.
import './public-kiosk.css';

const host = document.querySelector<HTMLElement>('.booking[data-step="products"][data-shop]');
if (host) void import('./mount-start').then(({ mountStart }) => mountStart(host));
