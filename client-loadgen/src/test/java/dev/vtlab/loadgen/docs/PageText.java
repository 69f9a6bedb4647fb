package dev.vtlab.loadgen.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test helper: a page's text with every run of whitespace as one space, so that a sentence matches across lines. */
final class PageText {

    private PageText() {
    }

    static String of(Path page) throws IOException {
        return Files.readString(page).replaceAll("\\s+", " ");
    }
}
