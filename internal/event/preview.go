package event

import (
	"fmt"
	"unicode/utf8"

	"pitlane/internal/apperr"
)

// PreviewTemplate returns html as createFullEvent would store it: sanitised by SanitizeTemplate, the one
// function both use. html longer than MaxTemplateHTML characters (createFullEvent's limit) is refused
// with apperr.Unprocessable naming the field "html". Blank html previews as blank.
func PreviewTemplate(html string) (string, error) {
	if utf8.RuneCountInString(html) > MaxTemplateHTML {
		return "", apperr.WithFields(apperr.Unprocessable, "The template is too long to preview.",
			map[string]string{"html": fmt.Sprintf("must be at most %d characters", MaxTemplateHTML)})
	}
	return SanitizeTemplate(html), nil
}
