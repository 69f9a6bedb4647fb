/**
 * Web adapter: four endpoints that serve the same use case in four styles (sync, async, wrapped, callable), the
 * visitor's card whose reads fan out ({@code /fanout}), and the mapping of bad requests to RFC 9457 problem details.
 */
package dev.vtlab.adapters.in.web;
