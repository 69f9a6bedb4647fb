package dev.vtlab.jdks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds a JDK to run on ({@code matrix --server-java}, {@code vtlab-fundamentals --java}): a JDK home, a
 * {@code java} executable, or a
 * feature version ({@code 21}, {@code 25}) looked up where the build looks for one: Maven's toolchains.xml,
 * {@code /usr/lib/jvm}, SDKMAN, {@code ~/.jdks} and {@code JAVA_HOME}. A JDK is read from its {@code release}
 * file; vtlab needs 21 or newer, with {@code jdk.jfr} (the lab counts virtual-thread events with JFR).
 */
public final class JdkFinder {

    /** The oldest JDK vtlab runs on. */
    static final int OLDEST = 21;

    private static final Pattern JDK_HOME = Pattern.compile("<jdkHome>\\s*([^<]+?)\\s*</jdkHome>");

    /**
     * A JDK found.
     *
     * @param home    its home folder
     * @param version {@code JAVA_VERSION} from its release file, e.g. {@code 21.0.8}
     * @param jfr     whether it has the {@code jdk.jfr} module
     */
    public record Jdk(Path home, String version, boolean jfr) {

        /** The feature version: 21 for {@code 21.0.8}. */
        public int feature() {
            return Integer.parseInt(version.split("[.+-]")[0]);
        }

        /** Its {@code java} launcher. */
        public Path java() {
            return home.resolve("bin").resolve("java");
        }
    }

    /** A value that names no usable JDK; the message says which and why (the caller names its option). */
    public static final class NotFoundException extends Exception {
        NotFoundException(String message) {
            super(message);
        }
    }

    private final Path toolchains;
    private final List<Path> folders;
    private final Path javaHome;

    /**
     * @param toolchains Maven's toolchains.xml (may be absent)
     * @param folders    folders whose subfolders may be JDK homes
     * @param javaHome   {@code JAVA_HOME}, or {@code null}
     */
    JdkFinder(Path toolchains, List<Path> folders, Path javaHome) {
        this.toolchains = toolchains;
        this.folders = folders;
        this.javaHome = javaHome;
    }

    /** Where the build looks on this machine. */
    public static JdkFinder ofThisMachine() {
        Path home = Path.of(System.getProperty("user.home"));
        String javaHome = System.getenv("JAVA_HOME");
        return new JdkFinder(home.resolve(".m2/toolchains.xml"), List.of(Path.of("/usr/lib/jvm"),
                home.resolve(".sdkman/candidates/java"), home.resolve(".jdks")),
                javaHome == null || javaHome.isBlank() ? null : Path.of(javaHome));
    }

    /** The JDK a value names: a home, a java executable, or a feature version. */
    public Jdk find(String value) throws NotFoundException {
        String given = value.strip();
        Jdk jdk;
        if (given.matches("\\d+")) {
            int feature = Integer.parseInt(given);
            if (feature < OLDEST) {
                throw new NotFoundException(given + ": JDK " + feature + " is older than "
                        + OLDEST + ", the oldest vtlab runs on");
            }
            jdk = candidates().stream().filter(j -> j.feature() == feature)
                    .max(Comparator.comparing(j -> Runtime.Version.parse(j.version())))
                    .orElseThrow(() -> new NotFoundException(given + ": no JDK " + feature
                            + " found in " + searched() + "; install one, or give its home folder"));
        } else {
            Path home = homeOf(Path.of(given));
            jdk = read(home).orElseThrow(() -> new NotFoundException(given + ": not a JDK home, a java executable "
                    + "or a feature version such as 21 (" + missing(home) + ")"));
        }
        if (jdk.feature() < OLDEST) {
            throw new NotFoundException(given + ": " + jdk.home() + " is JDK " + jdk.version()
                    + ", older than " + OLDEST + ", the oldest vtlab runs on");
        }
        if (!jdk.jfr()) {
            throw new NotFoundException(given + ": JDK " + jdk.version() + " at " + jdk.home()
                    + " has no jdk.jfr module, which the lab needs to count virtual-thread events");
        }
        return jdk;
    }

    /** The JDK this JVM runs on: the default for servers, and always the client's and the visit store's. */
    public static Jdk running() {
        Path home = Path.of(System.getProperty("java.home"));
        return read(home).orElse(new Jdk(home, Runtime.version().toString(), true));
    }

    /** Every JDK found where the build looks, in no particular order. */
    List<Jdk> candidates() {
        List<Path> homes = new ArrayList<>(toolchainHomes());
        for (Path folder : folders) {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> children = Files.list(folder)) {
                    children.forEach(homes::add);
                } catch (IOException e) {
                    // an unreadable folder holds no JDK we can use
                }
            }
        }
        if (javaHome != null) {
            homes.add(javaHome);
        }
        return homes.stream().map(JdkFinder::read).flatMap(Optional::stream).distinct().toList();
    }

    private List<Path> toolchainHomes() {
        List<Path> homes = new ArrayList<>();
        if (toolchains != null && Files.isRegularFile(toolchains)) {
            try {
                Matcher m = JDK_HOME.matcher(Files.readString(toolchains));
                while (m.find()) {
                    homes.add(Path.of(m.group(1)));
                }
            } catch (IOException e) {
                // an unreadable toolchains.xml names no JDK
            }
        }
        return homes;
    }

    private String searched() {
        List<String> places = new ArrayList<>();
        places.add(String.valueOf(toolchains));
        folders.forEach(f -> places.add(f.toString()));
        places.add("JAVA_HOME" + (javaHome == null ? " (not set)" : " " + javaHome));
        return String.join(", ", places);
    }

    /** A java executable's home (two levels up), or the path itself. */
    private static Path homeOf(Path given) {
        Path absolute = given.toAbsolutePath().normalize();
        if (Files.isRegularFile(absolute) && absolute.getParent() != null
                && absolute.getParent().getFileName() != null
                && absolute.getParent().getFileName().toString().equals("bin")) {
            return absolute.getParent().getParent();
        }
        return absolute;
    }

    /** The JDK at {@code home}, from its release file, if it is one with a launcher. */
    /** What keeps {@code home} from being read as a JDK, in words. */
    private static String missing(Path home) {
        if (!Files.isRegularFile(home.resolve("release"))) {
            return "no release file in " + home;
        }
        if (!Files.isRegularFile(home.resolve("bin").resolve("java"))) {
            return "no " + home.resolve("bin").resolve("java");
        }
        return "its release file names no JAVA_VERSION";
    }

    static Optional<Jdk> read(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isRegularFile(home.resolve("bin").resolve("java"))) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(release)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
        String version = unquote(p.getProperty("JAVA_VERSION"));
        if (version == null || !version.matches("\\d+.*")) {
            return Optional.empty();
        }
        String modules = unquote(p.getProperty("MODULES"));
        boolean jfr = modules != null && List.of(modules.split("\\s+")).contains("jdk.jfr");
        return Optional.of(new Jdk(home.toAbsolutePath().normalize(), version, jfr));
    }

    private static String unquote(String value) {
        return value == null ? null : value.strip().replaceAll("^\"|\"$", "");
    }
}
