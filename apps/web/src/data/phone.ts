/**
 * The phone rules (libphonenumber-js and its metadata, ≈ 27 KB compressed) as a chunk of their own, loaded by the few
 * places on the first screen's path that can wait for them (issue 30): the device database's phone upgrade and the
 * client list's formatted numbers.
 */
export { formatPhone, parsePhone } from '@duka/core';
