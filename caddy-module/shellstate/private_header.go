package shellstate

// The private header's contract (shell-ui/prerender/README.md): the prerender cannot know the
// customer, so it writes a slot marker for each customer text and hides each customer-dependent
// part behind a condition over facts; the edge fills the slots and evaluates the conditions
// against the facts it derives from this state, and React renders both the same way. The names
// are defined here; their TypeScript twins are in shell-ui/src/model/shellState.gen.ts, and
// the cases both sides test are shell-ui/prerender/testdata/private-contract.json.

// CustomerSlotPrefix starts a slot marker in the prerendered header:
// "[[shell:customer.initials]]".
const CustomerSlotPrefix = "[[shell:customer."

// CustomerSlotSuffix ends a slot marker.
const CustomerSlotSuffix = "]]"

// CustomerSlot names a customer text of the private header, in the order the header lists them.
type CustomerSlot string

const (
	SlotInitials             CustomerSlot = "initials"
	SlotDisplayName          CustomerSlot = "displayName"
	SlotTotalLabel           CustomerSlot = "total.label"
	SlotTotalAmount          CustomerSlot = "total.amount"
	SlotAvailableLabel       CustomerSlot = "available.label"
	SlotAvailableAmount      CustomerSlot = "available.amount"
	SlotNoticeTitle          CustomerSlot = "notice.title"
	SlotNoticeTooltip        CustomerSlot = "notice.tooltip"
	SlotIBANLabel            CustomerSlot = "id.iban.label"
	SlotIBANDisplay          CustomerSlot = "id.iban.display"
	SlotAccountNumberLabel   CustomerSlot = "id.accountNumber.label"
	SlotAccountNumberDisplay CustomerSlot = "id.accountNumber.display"
	SlotSortCodeLabel        CustomerSlot = "id.sortCode.label"
	SlotSortCodeDisplay      CustomerSlot = "id.sortCode.display"
)

// CustomerFact is a fact about the customer that a gate of the private header tests; a fact
// holds or is absent.
type CustomerFact string

const (
	// FactBalance: the balance box shows (account state ACTIVE, or unknown with a not-available notice).
	FactBalance CustomerFact = "customer:balance"
	// FactBalanceAvailable: the amounts show; otherwise the not-available notice.
	FactBalanceAvailable  CustomerFact = "customer:balance-available"
	FactTotalNegative     CustomerFact = "customer:total-negative"
	FactAvailableNegative CustomerFact = "customer:available-negative"
	// FactRestricted: the account menu shows its reduced set.
	FactRestricted CustomerFact = "customer:restricted"
	// FactCompany: a company customer.
	FactCompany CustomerFact = "customer:company"
	// FactUnread: the dot on the nav items that show it.
	FactUnread CustomerFact = "customer:unread"
)

// AccessFactPrefix starts the fact of a product access value: "access:HAS_CRYPTO".
const AccessFactPrefix = "access:"

// IdentifierFactPrefix starts the fact that the customer has an identifier of a kind:
// "customer:id:iban".
const IdentifierFactPrefix = "customer:id:"

// DistributorFactPrefix starts the fact of the customer's distributor: "distributor:dkb".
const DistributorFactPrefix = "distributor:"

// IdentifierKind is a kind of account identifier the account menu shows, in its order.
type IdentifierKind string

const (
	IdentifierIBAN          IdentifierKind = "iban"
	IdentifierAccountNumber IdentifierKind = "accountNumber"
	IdentifierSortCode      IdentifierKind = "sortCode"
)
