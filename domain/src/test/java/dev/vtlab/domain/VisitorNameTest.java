package dev.vtlab.domain;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VisitorNameTest {

    @Test
    void no_name_means_the_anonymous_visitor() {
        assertThat(VisitorName.orAnonymous(null)).isEqualTo(VisitorName.ANONYMOUS);
        assertThat(VisitorName.orAnonymous("")).isEqualTo(VisitorName.ANONYMOUS);
    }

    @Test
    void a_name_of_64_characters_is_accepted() {
        assertThat(VisitorName.orAnonymous("a".repeat(64)).value()).hasSize(64);
    }

    @Test
    void characters_are_counted_as_a_reader_counts_them_not_as_utf16_units() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        assertThat(VisitorName.orAnonymous(emoji.repeat(64)).value()).hasSize(128);
        assertThatThrownBy(() -> VisitorName.orAnonymous(emoji.repeat(65)))
                .hasMessage("visitor name must be at most 64 characters, was 65");
    }

    @Test
    void a_name_longer_than_64_characters_is_rejected_with_its_length() {
        assertThatThrownBy(() -> VisitorName.orAnonymous("a".repeat(65)))
                .isInstanceOf(InvalidVisitorNameException.class)
                .hasMessage("visitor name must be at most 64 characters, was 65");
    }

    @Test
    void control_characters_are_rejected() {
        assertThatThrownBy(() -> VisitorName.orAnonymous("Ada\nLovelace"))
                .isInstanceOf(InvalidVisitorNameException.class)
                .hasMessage("visitor name must not contain control characters");
    }

    @Test
    void the_greeting_tells_the_visitor_number() {
        Greeting greeting = Greeting.of(Visit.next(new VisitorName("Ada"), 41));
        assertThat(greeting).isEqualTo(new Greeting("Ada", 42, "Hello, Ada! You are visitor number 42."));
    }
}
