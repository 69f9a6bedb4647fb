/**
 * Web adapter: four endpoints that serve the same use case in four styles (sync, async, wrapped, callable), and
 * the mapping of bad requests to RFC 9457 problem details.
 */
package dev.vtlab.adapters.in.web;
