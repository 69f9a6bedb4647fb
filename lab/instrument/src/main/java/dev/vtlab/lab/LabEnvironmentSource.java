package dev.vtlab.lab;

/** Lab port: where the lab learns its environment; the configuration, which knows flags and Tomcat, provides it. */
@FunctionalInterface
public interface LabEnvironmentSource {

    /** The environment as it is now. */
    LabEnvironment current();
}
