/**
 * Every area of the message catalogue, for Node (the API, scripts, the end-to-end tests) and the unit
 * tests, which may use any text; a page loads only its packages' areas.
 */
import './shell.js';
import './landing.js';
import './patient.js';
import './booking.js';
import './provider.js';
import './server.js';
