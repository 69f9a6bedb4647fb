/**
 * Configuration: vtlab's settings, read once and strictly. The four flags and the repository's settings from
 * flags.properties, arguments, system properties and environment variables; a bad value, an unknown {@code vtlab.*}
 * key or a setting that does not apply stops start-up with a message naming the key.
 */
package dev.vtlab.settings;
