package notify

import (
	"errors"
	"strconv"
	"strings"
)

// KindTeamInvitation is outbox_emails.kind of the mail inviting someone to a company's back office
// (the Team tab, issue 24).
const KindTeamInvitation = "team_invitation"

// TeamInvite is what an invitation mail says.
type TeamInvite struct {
	To          string
	Culture     string // the inviter's language; DefaultCulture when unknown
	CompanyName string
	InviterName string
	Role        string // DESK, ADMIN or SUPERADMIN
	URL         string // the accept page, <base URL>/invite/<token>
	Hours       int    // how long the link works
}

// inviteStrings are the invitation mail's strings per culture. They live beside the mail (not in the
// booking catalogue) since only this mail uses them; TestInvitationStrings checks every culture has
// every key with the same placeholders.
var inviteStrings = map[string]messages{
	"en-GB": {
		"subject": "{inviter} invites you to {company}'s back office",
		"title":   "Join {company}'s team",
		"intro":   "{inviter} has invited you to the back office of {company} as {role}.",
		"button":  "Accept the invitation",
		"expiry":  "The link works once and for {hours} hours. If you were not expecting it, ignore this e-mail.",
		"DESK":    "desk staff", "ADMIN": "administrator", "SUPERADMIN": "super administrator",
	},
	"es-ES": {
		"subject": "{inviter} te invita al back office de {company}",
		"title":   "Únete al equipo de {company}",
		"intro":   "{inviter} te ha invitado al back office de {company} como {role}.",
		"button":  "Aceptar la invitación",
		"expiry":  "El enlace sirve una sola vez durante {hours} horas. Si no lo esperabas, ignora este correo.",
		"DESK":    "personal de mostrador", "ADMIN": "administrador", "SUPERADMIN": "superadministrador",
	},
	"da-DK": {
		"subject": "{inviter} inviterer dig til {company}s back office",
		"title":   "Bliv en del af {company}s team",
		"intro":   "{inviter} har inviteret dig til {company}s back office som {role}.",
		"button":  "Accepter invitationen",
		"expiry":  "Linket virker én gang i {hours} timer. Hvis du ikke ventede det, så ignorer denne e-mail.",
		"DESK":    "skrankepersonale", "ADMIN": "administrator", "SUPERADMIN": "superadministrator",
	},
	"ar-SA": {
		"subject": "{inviter} يدعوك إلى لوحة إدارة {company}",
		"title":   "انضم إلى فريق {company}",
		"intro":   "دعاك {inviter} إلى لوحة إدارة {company} بدور {role}.",
		"button":  "قبول الدعوة",
		"expiry":  "يعمل الرابط مرة واحدة لمدة {hours} ساعة. إن لم تكن تتوقعه فتجاهل هذه الرسالة.",
		"DESK":    "موظف الاستقبال", "ADMIN": "مسؤول", "SUPERADMIN": "مسؤول أعلى",
	},
	"de-DE": {
		"subject": "{inviter} lädt Sie in das Backoffice von {company} ein",
		"title":   "Werden Sie Teil des Teams von {company}",
		"intro":   "{inviter} hat Sie als {role} in das Backoffice von {company} eingeladen.",
		"button":  "Einladung annehmen",
		"expiry":  "Der Link funktioniert einmal und {hours} Stunden lang. Falls Sie ihn nicht erwartet haben, ignorieren Sie diese E-Mail.",
		"DESK":    "Empfangspersonal", "ADMIN": "Administrator", "SUPERADMIN": "Superadministrator",
	},
	"nb-NO": {
		"subject": "{inviter} inviterer deg til {company}s back office",
		"title":   "Bli med i {company}s team",
		"intro":   "{inviter} har invitert deg til {company}s back office som {role}.",
		"button":  "Godta invitasjonen",
		"expiry":  "Lenken virker én gang i {hours} timer. Hvis du ikke ventet den, kan du se bort fra denne e-posten.",
		"DESK":    "skrankepersonale", "ADMIN": "administrator", "SUPERADMIN": "superadministrator",
	},
	"sv-SE": {
		"subject": "{inviter} bjuder in dig till {company}s back office",
		"title":   "Gå med i {company}s team",
		"intro":   "{inviter} har bjudit in dig till {company}s back office som {role}.",
		"button":  "Acceptera inbjudan",
		"expiry":  "Länken fungerar en gång i {hours} timmar. Om du inte väntade dig den kan du bortse från detta mejl.",
		"DESK":    "diskpersonal", "ADMIN": "administratör", "SUPERADMIN": "superadministratör",
	},
}

// TeamInvitation is the mail inviting i.To to the company's back office, in i.Culture: who invites,
// with which role, the accept button and how long it works.
func TeamInvitation(i TeamInvite) (Message, error) {
	if strings.TrimSpace(i.To) == "" || i.URL == "" {
		return Message{}, errors.New("notify: invitation mail without an address or a link")
	}
	culture := NormalizeCulture(i.Culture)
	tr := catalogue(inviteStrings, culture)
	inviter := strings.TrimSpace(i.InviterName)
	role := tr(i.Role)
	hours := strconv.Itoa(i.Hours)
	c := Company{Name: i.CompanyName}
	d := doc{Lang: culture, Company: c, Title: tr("title", "company", i.CompanyName)}
	d.Intro = []string{tr("intro", "inviter", inviter, "company", i.CompanyName, "role", role)}
	d.Blocks = []block{{Link: &link{Label: tr("button"), URL: i.URL}}, {Text: tr("expiry", "hours", hours)}}
	html, text, err := render(d)
	if err != nil {
		return Message{}, err
	}
	return Message{Kind: KindTeamInvitation, Culture: culture, To: strings.TrimSpace(i.To),
		Subject: tr("subject", "inviter", inviter, "company", i.CompanyName), Text: text, HTML: html,
		FromName: strings.TrimSpace(i.CompanyName)}, nil
}

// catalogue returns the translator of a mail's own strings (all: per culture) in culture, falling back
// to English for a key the culture lacks.
func catalogue(all map[string]messages, culture string) func(key string, pairs ...string) string {
	t := translator{culture: culture, msgs: all[culture]}
	fallback := translator{culture: DefaultCulture, msgs: all[DefaultCulture]}
	return func(key string, pairs ...string) string {
		if _, ok := t.msgs[key]; ok {
			return t.T(key, pairs...)
		}
		return fallback.T(key, pairs...)
	}
}
