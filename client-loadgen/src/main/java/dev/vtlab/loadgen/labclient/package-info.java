/**
 * The server's lab answers ({@code /lab/environment}, {@code /lab/threads}, {@code /lab/jvm}), parsed once into
 * records by {@link dev.vtlab.loadgen.labclient.LabClient}: the rest of the load generator reads fields, never JSON keys.
 */
package dev.vtlab.loadgen.labclient;
