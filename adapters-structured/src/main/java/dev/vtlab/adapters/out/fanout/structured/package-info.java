/**
 * The structured fan-out ({@code vtlab.fan-out=structured}), alone in a module compiled for JDK 25 with preview
 * features: {@link dev.vtlab.adapters.out.fanout.structured.StructuredReads}. Like the other fan-out adapters it
 * makes no thread of its own choosing: the composition root hands it a thread factory, and loads it only on a JDK 25
 * started with {@code --enable-preview}.
 */
package dev.vtlab.adapters.out.fanout.structured;
