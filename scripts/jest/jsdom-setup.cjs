// jsdom has no TextEncoder/TextDecoder; react-router needs them at import time.
const { TextDecoder, TextEncoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no HTMLDialogElement.showModal/close (the Dialog primitive is a native
// <dialog>). Enough of it for tests: `open`, and Escape anywhere on the page → a cancelable `cancel` on
// the topmost modal dialog (as browsers do) → `close` unless prevented.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const modals = [];
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.show = function show() {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(returnValue) {
    const i = modals.indexOf(this);
    if (i >= 0) modals.splice(i, 1);
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const top = modals.filter((d) => d.isConnected).at(-1);
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
