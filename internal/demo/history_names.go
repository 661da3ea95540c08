package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// people is how contacts are named and reached in one country: first names, surnames, and how a
// mobile number is written there.
type people struct {
	first, surnames []string
	phone           func(r *rand.Rand) string
	twoSurnames     bool // Spanish contacts carry both surnames
}

// peopleOf returns the naming of the country of a demo company (ES, DK, SE; anything else gets the
// Spanish list).
func peopleOf(country string) people {
	switch country {
	case "DK":
		return people{first: danishFirst, surnames: danishSurnames, phone: func(r *rand.Rand) string {
			return fmt.Sprintf("+45 %d%d %02d %02d %02d", 2+r.IntN(2), r.IntN(10), r.IntN(100), r.IntN(100), r.IntN(100))
		}}
	case "SE":
		return people{first: swedishFirst, surnames: swedishSurnames, phone: func(r *rand.Rand) string {
			return fmt.Sprintf("+46 7%d %03d %02d %02d", []int{0, 2, 3, 6}[r.IntN(4)], r.IntN(1000), r.IntN(100), r.IntN(100))
		}}
	default:
		return people{first: spanishFirst, surnames: spanishSurnames, twoSurnames: true, phone: func(r *rand.Rand) string {
			return fmt.Sprintf("+34 6%02d %03d %03d", r.IntN(100), r.IntN(1000), r.IntN(1000))
		}}
	}
}

// person is a generated contact or driver.
type person struct {
	name, surname, phone, email string
}

// newPerson draws a person; n makes the e-mail address unique when it must be (members).
func (p people) newPerson(r *rand.Rand, n int) person {
	first := p.first[r.IntN(len(p.first))]
	sur := p.surnames[r.IntN(len(p.surnames))]
	if p.twoSurnames {
		sur += " " + p.surnames[r.IntN(len(p.surnames))]
	}
	local := asciiFold(first) + "." + asciiFold(strings.Fields(sur)[0])
	if n >= 0 {
		local += fmt.Sprint(n)
	} else if r.IntN(2) == 0 {
		local += fmt.Sprint(r.IntN(99) + 1)
	}
	domains := []string{"example.com", "example.net", "example.org"}
	return person{name: first, surname: sur, phone: p.phone(r), email: local + "@" + domains[r.IntN(len(domains))]}
}

// asciiFold lower-cases s and writes its letters in ASCII for an e-mail address.
func asciiFold(s string) string {
	return asciiLetters.Replace(strings.ToLower(s))
}

// asciiLetters is built once: a Replacer builds its tables on first use, which per person made the
// demo's history spend most of its time building them.
var asciiLetters = strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "ü", "u",
	"æ", "ae", "ø", "o", "å", "a", "ä", "a", "ö", "o", " ", "")

var spanishFirst = []string{"Lucía", "Hugo", "Martina", "Mateo", "Sofía", "Martín", "María", "Lucas", "Julia",
	"Leo", "Paula", "Daniel", "Valeria", "Alejandro", "Emma", "Pablo", "Carmen", "Manuel", "Alba", "Álvaro",
	"Noa", "Adrián", "Sara", "David", "Carla", "Javier", "Elena", "Sergio", "Irene", "Jorge", "Laura", "Diego"}

var spanishSurnames = []string{"García", "Rodríguez", "González", "Fernández", "López", "Martínez", "Sánchez",
	"Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero",
	"Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez", "Ramos", "Gil", "Ramírez", "Serrano"}

var danishFirst = []string{"Mads", "Sofie", "Frederik", "Ida", "Emil", "Emma", "Lucas", "Freja", "Oliver", "Anna",
	"Magnus", "Clara", "William", "Laura", "Noah", "Karla", "Victor", "Mathilde", "Christian", "Sara", "Rasmus",
	"Maja", "Jonas", "Caroline", "Anders", "Mette", "Søren", "Louise", "Henrik", "Camilla"}

var danishSurnames = []string{"Nielsen", "Jensen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen",
	"Sørensen", "Rasmussen", "Jørgensen", "Petersen", "Madsen", "Kristensen", "Olsen", "Thomsen", "Christiansen",
	"Poulsen", "Johansen", "Møller", "Mortensen", "Knudsen", "Jakobsen", "Mikkelsen", "Frederiksen"}

var swedishFirst = []string{"Elsa", "William", "Alice", "Oscar", "Maja", "Liam", "Astrid", "Hugo", "Vera", "Lucas",
	"Ebba", "Elias", "Wilma", "Alexander", "Saga", "Adam", "Selma", "Nils", "Agnes", "Axel", "Klara", "Erik",
	"Linnea", "Johan", "Ingrid", "Anders", "Karin", "Lars", "Sofia", "Gustav"}

var swedishSurnames = []string{"Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson",
	"Persson", "Svensson", "Gustafsson", "Pettersson", "Jonsson", "Jansson", "Hansson", "Bengtsson", "Lindqvist",
	"Lindberg", "Lindström", "Berg", "Axelsson", "Sandberg", "Forsberg", "Sjöberg", "Holm"}
