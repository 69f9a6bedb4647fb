package dev.vtlab.archunit;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * What the rules check: the production classes. ArchUnit's {@link ImportOption.DoNotIncludeTests} leaves out test
 * class folders, but not a module's test-jar (the adapters' test helpers reach the server's tests that way).
 */
public final class ProductionClasses implements ImportOption {

    private static final ImportOption NOT_A_TEST_FOLDER = new DoNotIncludeTests();

    @Override
    public boolean includes(Location location) {
        return NOT_A_TEST_FOLDER.includes(location) && !location.contains("-tests.jar");
    }
}
